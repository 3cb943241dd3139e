import { NavLink, Outlet } from 'react-router';
import { msg } from '../../messages.ts';

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ${
    isActive ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted'
  }`;

export default function PortfolioSettingsScreen() {
  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <h1 id="settings-title" className="text-2xl font-semibold tracking-tight">
        {msg.screens.settings}
      </h1>
      <nav aria-label={msg.screens.settings} className="flex gap-2">
        <NavLink to="general" className={tab}>
          {msg.screens.settingsGeneral}
        </NavLink>
        <NavLink to="integrations" className={tab}>
          {msg.screens.settingsIntegrations}
        </NavLink>
      </nav>
      <Outlet />
    </section>
  );
}
