import { msg } from '../../messages.ts';

export default function SettingsIntegrations() {
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">{msg.screens.settingsIntegrations}</h2>
      <p className="text-muted-foreground">{msg.screens.comingSoon}</p>
    </div>
  );
}
