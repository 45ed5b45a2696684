import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { MemberPlaceholder } from './member-placeholder';

/** /admin/* (admins only). Placeholder until the admin back office issue. */
export function AdminPage() {
  return <MemberPlaceholder title="Pannello Admin" icon={<AdminPanelSettingsOutlined />} testId="admin-page" />;
}
