import type { ProductionItem } from '@crw/api-client';
import { Button, WithheldButton } from '@crw/ui';
import type { ReactNode } from 'react';

/**
 * One of the piece's own calls (move, delete) as the server answers it for the viewer: offered when allowed,
 * shown disabled with the reason when withheld (the client is reviewing it, a permission), absent once the piece
 * is approved (the drawer says so once, above).
 */
export function PieceCall({
  item,
  call,
  onClick,
  children,
  reasonSaid,
}: {
  item: ProductionItem;
  call: 'move-item' | 'delete-item';
  reasonSaid?: { reason: string; id: string };
  onClick: () => void;
  children: ReactNode;
}) {
  if (item.allowedActions.includes(call))
    return (
      <Button size="sm" variant="outline" onClick={onClick}>
        {children}
      </Button>
    );
  const withheld = item.final ? undefined : item.blockedActions.find((b) => b.action === call);
  return withheld ? (
    <WithheldButton
      size="sm"
      variant="outline"
      reason={withheld.reason}
      describedBy={reasonSaid?.reason === withheld.reason ? reasonSaid.id : undefined}
    >
      {children}
    </WithheldButton>
  ) : null;
}
