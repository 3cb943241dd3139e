import {
  type BroadcastOptions,
  type PrivateSessionId,
  type Room,
  SessionAwareAdapter,
} from 'socket.io-adapter';

type SessionToPersist = Parameters<SessionAwareAdapter['persistSession']>[0];

/** How long a disconnected socket's session can be recovered (socket.io's connection-state recovery). */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/**
 * socket.io's in-memory adapter with connection-state recovery keeps every event it broadcasts for the recovery
 * window (purged once a minute, so up to three minutes), whether or not anyone could ever receive it: an API
 * writing comments while nobody is connected to their rooms filled memory with events for nobody (issue 14: the
 * soak's growth was these packets). This one drops an event that no connected socket and no session waiting to be
 * recovered would receive: nobody can be sent it now, and nobody can ask for it later (a session that comes back
 * asks only for what was meant for its rooms, and a new socket recovers nothing). Everything else, including the
 * last event a connected socket got (the offset its recovery starts from), is kept as socket.io keeps it.
 */
export class RecoveryAdapter extends SessionAwareAdapter {
  /** Sessions persisted at a disconnection, by private id: their rooms, until the window ends. */
  private readonly waiting = new Map<PrivateSessionId, { rooms: Room[]; until: number }>();

  override persistSession(session: SessionToPersist) {
    super.persistSession(session);
    this.waiting.set(session.pid, { rooms: session.rooms, until: Date.now() + RECOVERY_WINDOW_MS });
  }

  override broadcast(packet: unknown, opts: BroadcastOptions) {
    if (!this.reaches(opts)) return;
    super.broadcast(packet, opts);
  }

  /** Could a socket be sent this event, now or on recovery? Errs towards yes (rooms excluded are ignored). */
  private reaches({ rooms }: BroadcastOptions) {
    if (rooms.size === 0 ? this.sids.size > 0 : [...rooms].some((room) => this.rooms.get(room)?.size)) {
      return true;
    }
    const now = Date.now();
    for (const [pid, session] of this.waiting) {
      if (session.until < now) this.waiting.delete(pid);
      else if (rooms.size === 0 || session.rooms.some((room) => rooms.has(room))) return true;
    }
    return false;
  }
}
