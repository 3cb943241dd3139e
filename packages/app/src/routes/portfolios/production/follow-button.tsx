import * as sdk from '@crw/api-client/sdk';
import { Button, Skeleton, Tooltip, TooltipProvider } from '@crw/ui';
import { BellIcon, BellOffIcon } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { followStore } from '../../../features/production/item.ts';
import { itemMsg } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';

const m = itemMsg.follow;
/** Room for the longer of its two labels («Dejar de seguir», 137 px), whichever it shows. */
const WIDTH = 'min-w-35';

/**
 * «Dejar de seguir» / «Seguir» an item (issue 29): its author, assignee and commenters follow it and get its
 * comments and decisions until they stop. What it shows is what the piece's read said (`followStore`: getItem
 * answers it with the piece, one request, not a second of the button's own) or the answer to its last press.
 * Until the read has come its room is kept (a still placeholder as wide as the button), so the drawer's actions do
 * not move when it arrives (on a phone it used to push «Eliminar» onto a second row and everything below it down).
 */
export const FollowButton = memo(function FollowButton({ itemId }: { itemId: string }) {
  const following = useSnapshot(followStore).byItem[itemId] ?? null;
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  // Not known (yet, or at all): the same room, nothing to press. Still: a pulse would draw a frame after frame.
  if (following === null)
    return <Skeleton data-slot="follow-placeholder" className={`h-8 ${WIDTH} animate-none`} />;

  const toggle = async () => {
    setBusy(true);
    try {
      const r = await api.call(
        sdk.setItemFollowing({ client: api.client, path: { id: itemId }, body: { following: !following } }),
        m.error,
      );
      followStore.byItem[itemId] = r.following;
      toast.success(r.following ? m.followed : m.unfollowed);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : m.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <TooltipProvider>
      <Tooltip content={m.hint} side="bottom">
        <Button
          size="sm"
          variant="outline"
          className={WIDTH}
          aria-pressed={following}
          aria-describedby={hintId}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {following ? <BellOffIcon aria-hidden="true" /> : <BellIcon aria-hidden="true" />}
          {following ? m.unfollow : m.follow}
        </Button>
      </Tooltip>
      <span id={hintId} className="sr-only">
        {m.hint}
      </span>
    </TooltipProvider>
  );
});
