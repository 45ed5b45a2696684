/** Sidebar icon of each back-office section. */
import type SvgIcon from '@mui/material/SvgIcon';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleOutline from '@mui/icons-material/GroupOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';

export const SECTION_ICONS: Readonly<Record<string, typeof SvgIcon>> = {
  products: Inventory2Outlined,
  users: PeopleOutline,
  orders: ReceiptLongOutlined,
  subscriptions: WorkspacePremiumOutlined,
  'digital-assets': CloudDownloadOutlined,
  suppliers: StorefrontOutlined,
  bundles: CategoryOutlined,
  comments: ForumOutlined,
  'inventory-alerts': WarningAmberOutlined,
  payments: CreditCardOutlined,
  shipping: LocalShippingOutlined,
  categories: FolderOutlined,
  discounts: SellOutlined,
  automations: AutoModeOutlined,
  messages: MailOutlined,
};
