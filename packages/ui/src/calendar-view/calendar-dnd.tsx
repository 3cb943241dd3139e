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
import { memo, useLayoutEffect, useMemo, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { formatLongDate, type IsoDate } from '../lib/month-grid.ts';
import { type CalendarEvent, type DragHooks, DragHooksContext, t, toneClass } from './calendar-parts.tsx';

function useEventDragNow(id: string, enabled: boolean) {
  const drag = useDraggable({ id, disabled: !enabled });
  return enabled ? drag : null;
}
const hooks: DragHooks = { useEventDrag: useEventDragNow };

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
      }}
      onDragEnd={onDragEnd}
    >
      <DragHooksContext.Provider value={hooks}>{children}</DragHooksContext.Provider>
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
