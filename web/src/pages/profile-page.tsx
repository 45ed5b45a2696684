import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { MemberPlaceholder } from './member-placeholder';

/** /profile (signed-in users). Placeholder until the profile issue. */
export function ProfilePage() {
  return <MemberPlaceholder title="Profilo" icon={<PersonOutlined />} testId="profile-page" />;
}
