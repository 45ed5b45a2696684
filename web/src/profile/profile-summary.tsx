import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { GOLD_GRADIENT, INK } from '../theme/colors';
import type { MeDto } from '../../../shared/api/account';
import type { Role as AccountRole } from '../../../shared/permissions';
import { formatItalianDate } from './format-date';

/** Top band of /profile: initial, email, role and, for members, the tier. */
export function ProfileSummary({ email, me }: { email: string; me: MeDto | undefined }) {
  const role: AccountRole | undefined = me?.role;
  return (
    <Box
      sx={(t) => ({
        borderBottom: 1,
        borderColor: 'divider',
        py: { xs: 4, md: 6 },
        background:
          t.palette.mode === 'dark'
            ? 'radial-gradient(900px 320px at 20% 0%, rgba(212,175,55,0.14), transparent 70%)'
            : 'radial-gradient(900px 320px at 20% 0%, rgba(212,175,55,0.2), transparent 70%)',
      })}
    >
      <Container maxWidth="lg">
        <Typography variant="overline" sx={{ color: 'primary.main', display: 'block', mb: 1.5 }}>
          Area personale
        </Typography>
        <Stack direction="row" spacing={{ xs: 2, md: 3 }} sx={{ alignItems: 'center' }}>
          <Avatar
            sx={{
              width: { xs: 56, md: 72 },
              height: { xs: 56, md: 72 },
              backgroundImage: GOLD_GRADIENT,
              color: INK.black,
              fontFamily: (t) => t.typography.h1.fontFamily,
              fontWeight: 700,
              fontSize: { xs: '1.6rem', md: '2rem' },
            }}
          >
            {(email[0] ?? '?').toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: 'clamp(1.7rem, 4vw, 2.6rem)', mb: 0.5 }}>
              {PROFILE_TEXT.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary', wordBreak: 'break-all' }} data-testid="profile-email">
              {email}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1.25, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
              {role ? (
                <Chip
                  size="small"
                  variant="outlined"
                  color="primary"
                  label={PROFILE_TEXT.roles[role]}
                  data-testid="profile-role"
                  data-role={role}
                  sx={{ fontWeight: 600 }}
                />
              ) : (
                <Skeleton variant="rounded" width={84} height={24} />
              )}
              {me?.membership.is_member && (
                <Chip
                  size="small"
                  icon={<WorkspacePremiumOutlined />}
                  label={`Membro ${me.membership.tier}`}
                  sx={{
                    backgroundImage: GOLD_GRADIENT,
                    color: INK.black,
                    fontWeight: 700,
                    '& .MuiChip-icon': { color: INK.black },
                  }}
                />
              )}
              {me && (
                <Typography component="span" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                  Cliente dal {formatItalianDate(me.created_at)}
                </Typography>
              )}
            </Stack>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
