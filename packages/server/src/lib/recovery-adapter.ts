import { type BroadcastOptions, type Room, SessionAwareAdapter } from 'socket.io-adapter';

/** How long a disconnected socket's session can be recovered (socket.io's connection-state recovery). */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** What socket.io-adapter 2.5 keeps of a session persisted at a disconnection (its private `sessions`). */
type WaitingSessions = Map<string, { rooms: Room[]; disconnectedAt: number }>;

/**
 * socket.io's in-memory adapter with connection-state recovery keeps every event it broadcasts for the recovery
 * window (purged once a minute, so up to three minutes), whether or not anyone could ever receive it: an API
 * writing comments while nobody is connected to their rooms filled memory with events for nobody (issue 14: the
 * soak's growth was these packets). This one drops an event that no connected socket and no session waiting to be
 * recovered would receive: nobody can be sent it now, and nobody can ask for it later (a session that comes back
 * asks only for what was meant for its rooms, and a new socket recovers nothing). Everything else, including the
 * last event a connected socket got (the offset its recovery starts from), is kept as socket.io keeps it. The
 * waiting sessions are socket.io's own (it persists them and purges them), read, not copied.
 */
export class RecoveryAdapter extends SessionAwareAdapter {
  override broadcast(packet: unknown, opts: BroadcastOptions) {
    if (this.reaches(opts)) super.broadcast(packet, opts);
  }

  /** Could a socket be sent this event, now or on recovery? Errs towards yes (rooms excluded are ignored). */
  private reaches({ rooms }: BroadcastOptions) {
    if (rooms.size === 0) {
      if (this.sids.size > 0) return true;
    } else {
      for (const room of rooms) if (this.rooms.get(room)?.size) return true;
    }
    const since = Date.now() - RECOVERY_WINDOW_MS;
    for (const session of (this as unknown as { sessions: WaitingSessions }).sessions.values()) {
      if (session.disconnectedAt < since) continue;
      if (rooms.size === 0 || session.rooms.some((room) => rooms.has(room))) return true;
    }
    return false;
  }
}
