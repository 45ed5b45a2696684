import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSession } from '../session/session';
import { useLogout } from '../layout/use-logout';
import { OrdersTab } from '../orders';
import { AddressesTab } from './addresses-tab';
import { BillingTab } from './billing-tab';
import { PasswordTab } from './password-tab';
import { AccountDataSection } from './account-data-section';
import { PROFILE_TABS, tabLabel, useProfileTab, type ProfileTab } from './profile-tabs';
import { ProfileSummary } from './profile-summary';
import { SecurityTab } from './security-tab';
import { SubscriptionTab } from './subscription-tab';
import { useMe } from '../api/use-account';
import { useDocumentTitle } from '../ui/use-document-title';

const PANELS: Record<ProfileTab, () => ReactNode> = {
  ordini: () => <OrdersTab />,
  indirizzi: () => <AddressesTab />,
  fatturazione: () => <BillingTab />,
  account: () => (
    <>
      <PasswordTab />
      <AccountDataSection />
    </>
  ),
  sicurezza: () => <SecurityTab />,
  abbonamenti: () => <SubscriptionTab />,
};

/**
 * /profile (signed-in users): email and role on top, then the tabs Ordini,
 * Indirizzi, Fatturazione, Account, Sicurezza and Abbonamenti (the open one kept in `?tab=`).
 * A suspended account (GET /api/me answers 403) only sees the suspension notice.
 */
export function ProfilePage() {
  useDocumentTitle('Profilo');
  const { user } = useSession();
  const logout = useLogout();
  const me = useMe();
  const [tab, setTab] = useProfileTab();
  const suspended = me.error?.status === 403;

  return (
    <Box data-testid="profile-page">
      <ProfileSummary email={me.data?.email ?? user?.email ?? ''} me={me.data} />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {suspended ? (
          <Alert
            severity="error"
            variant="outlined"
            data-testid="account-suspended"
            sx={{ maxWidth: 720 }}
            action={
              <Button color="inherit" onClick={() => void logout()}>
                Logout
              </Button>
            }
          >
            <AlertTitle>Account sospeso</AlertTitle>
            {me.error?.message}
          </Alert>
        ) : (
          <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
            <Tabs
              value={tab}
              onChange={(_e, v: ProfileTab) => setTab(v)}
              variant="scrollable"
              scrollButtons="auto"
              aria-label="Sezioni del profilo"
              sx={{
                borderBottom: 1,
                borderColor: 'divider',
                px: { xs: 0, sm: 1 },
                '& .MuiTab-root': { minHeight: 56, fontWeight: 600 },
              }}
            >
              {PROFILE_TABS.map((t) => (
                <Tab
                  key={t}
                  value={t}
                  label={tabLabel(t)}
                  id={`profile-tab-${t}`}
                  aria-controls={`profile-panel-${t}`}
                  data-testid={`profile-tab-${t}`}
                />
              ))}
            </Tabs>
            <Box
              role="tabpanel"
              id={`profile-panel-${tab}`}
              aria-labelledby={`profile-tab-${tab}`}
              sx={{ p: { xs: 2, sm: 3.5, md: 4.5 }, minHeight: 320 }}
            >
              {PANELS[tab]()}
            </Box>
          </Paper>
        )}
      </Container>
    </Box>
  );
}
