import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function CreatePortfolioScreen() {
  return <Screen title={msg.screens.createPortfolio} />;
}
