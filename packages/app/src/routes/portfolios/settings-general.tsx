import { msg } from '../../messages.ts';

export default function SettingsGeneral() {
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">{msg.screens.settingsGeneral}</h2>
      <p className="text-muted-foreground">{msg.screens.comingSoon}</p>
    </div>
  );
}
