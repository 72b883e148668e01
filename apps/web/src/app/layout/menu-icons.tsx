// The icons the domain menu trees name (MenuItem.icon), imported one by one so only these are bundled.
import type { ComponentType } from 'react';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import FolderOpenOutlined from '@ant-design/icons/FolderOpenOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import MoneyCollectOutlined from '@ant-design/icons/MoneyCollectOutlined';
import PieChartOutlined from '@ant-design/icons/PieChartOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';

const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BellOutlined,
  BulbOutlined,
  CalendarOutlined,
  DatabaseOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  PieChartOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  WalletOutlined,
};

/** The icon of a menu entry; a name the map does not know falls back to a neutral one. */
export function renderMenuIcon(name: string | undefined) {
  if (name === undefined) return undefined;
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
