import { Link } from 'react-router';
import { msg } from '../messages.ts';
import { Screen } from './screen.tsx';

export default function NotFound() {
  return (
    <Screen title={msg.errors.notFoundTitle}>
      <Link to="/" className="text-primary underline-offset-4 hover:underline">
        {msg.errors.backHome}
      </Link>
    </Screen>
  );
}
