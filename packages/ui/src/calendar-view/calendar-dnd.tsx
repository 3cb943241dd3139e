import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type * as React from 'react';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '../lib/cn.ts';
import { formatLongDate, type IsoDate } from '../lib/month-grid.ts';
import { type CalendarEvent, type DragPress, DragPressContext, t, toneClass } from './calendar-parts.tsx';

/** The event a press went down on, and that press: the one event that may start a drag now. */
interface Armed {
  /** Counts presses: each mounts its draggable anew (a second press on the same event too). */
  seq: number;
  id: string;
  el: HTMLElement;
  press: React.MouseEvent<HTMLElement> | React.TouchEvent<HTMLElement>;
}

/**
 * The pressed event as dnd-kit's draggable: registered, its node set to the event's button, and the press handed
 * to the sensor that listens for it (mouse or touch), all before the press's handler returns, so no move is
 * missed. While it is dragged the button gets `data-dragging` (its classes fade it).
 */
function ArmedDrag({ armed }: { armed: Armed }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: armed.id });
  const handed = useRef(false);
  // After useDraggable's own layout effect, which registers the draggable that the sensor looks up. Once: this
  // component lives for one press (its key is the press's).
  useLayoutEffect(() => {
    setNodeRef(armed.el);
    if (handed.current) return;
    handed.current = true;
    const start = armed.press.type === 'touchstart' ? listeners?.onTouchStart : listeners?.onMouseDown;
    start?.(armed.press);
  }, [armed, setNodeRef, listeners]);
  useLayoutEffect(() => {
    armed.el.toggleAttribute('data-dragging', isDragging);
    return () => armed.el.removeAttribute('data-dragging');
  }, [armed.el, isDragging]);
  return null;
}

/**
 * The calendar's days (the grid's cells, the agenda's days: their `data-date`) as drop targets, while an event is
 * dragged. Registered at the drag's start rather than by each day as it mounts: 42 droppables registering at once
 * changed the drag and drop's state in the calendar's first commit and drew every day and event again (~35 ms at
 * 4× of a month's opening, issue 48). The day below the event gets `data-drop-over`, which its classes draw.
 */
function DayDrops({ root }: { root: HTMLElement }) {
  const days = useMemo(() => [...root.querySelectorAll<HTMLElement>('[data-date]')], [root]);
  return days.map((el) => <DayDrop key={el.dataset.date} el={el} />);
}

const DayDrop = memo(function DayDrop({ el }: { el: HTMLElement }) {
  const { setNodeRef, isOver } = useDroppable({ id: el.dataset.date as string });
  useLayoutEffect(() => {
    setNodeRef(el);
    return () => setNodeRef(null);
  }, [el, setNodeRef]);
  useLayoutEffect(() => {
    el.toggleAttribute('data-drop-over', isOver);
    return () => el.removeAttribute('data-drop-over');
  }, [el, isOver]);
  return null;
});

/**
 * Drag and drop of events between days, with dnd-kit (loaded with this file, only by a calendar that moves events): a mouse drags after 6 px (a click still opens the event),
 * a finger after a 250 ms press (a swipe still scrolls). Screen readers hear each step in Spanish; keyboard users
 * move an event with the app's own «Mover a fecha…» (dnd-kit's keyboard dragging would fight the grid's arrows).
 * The event is not moved here: `onMove` asks, and the calendar shows it where its `date` says (a refused move
 * leaves it where it was).
 */
export default function CalendarDnd({
  events,
  onMove,
  children,
}: {
  events: readonly CalendarEvent[];
  onMove: (id: string, date: IsoDate) => void;
  children: React.ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const [active, setActive] = useState<CalendarEvent | null>(null);
  const [armed, setArmed] = useState<Armed | null>(null);
  // Synchronous: the sensor must hear this press before its handler returns (the next move may follow at once).
  const press = useCallback<DragPress>((event, id) => {
    const el = event.currentTarget;
    flushSync(() => setArmed((prev) => ({ seq: (prev?.seq ?? 0) + 1, id, el, press: event })));
  }, []);
  // The calendar whose days take the event, while one is dragged.
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const titleOf = (id: string | number) => events.find((e) => e.id === id)?.title ?? '';
  const day = (id: string | number) => formatLongDate(String(id) as IsoDate);
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t.drag.start(titleOf(a.id)),
    onDragOver: ({ active: a, over }) =>
      over ? t.drag.over(titleOf(a.id), day(over.id)) : t.drag.outside(titleOf(a.id)),
    onDragEnd: ({ active: a, over }) =>
      over ? t.drag.end(titleOf(a.id), day(over.id)) : t.drag.cancel(titleOf(a.id)),
    onDragCancel: ({ active: a }) => t.drag.cancel(titleOf(a.id)),
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    setRoot(null);
    setArmed(null);
    const event = events.find((e) => e.id === a.id);
    if (!event || !over || over.id === event.date) return;
    onMove(event.id, String(over.id) as IsoDate);
  };
  return (
    <DndContext
      sensors={sensors}
      // The day under the pointer (or finger) takes the event, not the one its copy overlaps most.
      collisionDetection={pointerWithin}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.drag.instructions } }}
      onDragStart={({ active: a, activatorEvent }) => {
        setActive(events.find((e) => e.id === a.id) ?? null);
        const target = activatorEvent.target;
        setRoot(
          target instanceof Element ? target.closest<HTMLElement>('[data-slot="calendar-view"]') : null,
        );
      }}
      onDragCancel={() => {
        setActive(null);
        setRoot(null);
        setArmed(null);
      }}
      onDragEnd={onDragEnd}
    >
      <DragPressContext.Provider value={press}>{children}</DragPressContext.Provider>
      {armed ? <ArmedDrag key={armed.seq} armed={armed} /> : null}
      {root ? <DayDrops root={root} /> : null}
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div
            data-slot="calendar-drag-overlay"
            className={cn(
              'w-40 truncate rounded-sm border-l-2 px-1.5 py-0.5 text-xs font-medium shadow-md',
              toneClass[active.tone ?? 'default'],
            )}
          >
            {active.title}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
