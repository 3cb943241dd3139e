import { describe, expect, it } from 'vitest';
import { catalogue, catalogueGroups, type StoryModule } from './catalogue.ts';

const files = import.meta.glob<StoryModule>('./**/*.stories.tsx');

// Both tests import every story module: their first transform (Tiptap, the annotators…) has taken more than
// vitest's 5 s on a busy 2-core machine (CI, issue 46's refused run), so each has 30 s.
const SLOW_IMPORTS = { timeout: 30_000 };

describe('the catalogue (/design)', () => {
  it('lists every component with stories, once, under a known group', SLOW_IMPORTS, async () => {
    const titles = await Promise.all(
      Object.values(files).map(async (load) => ((await load()).default as { title: string }).title),
    );
    expect(catalogue.map((e) => e.id).sort()).toEqual(titles.sort());
    for (const entry of catalogue) expect(Object.keys(catalogueGroups)).toContain(entry.group);
  });

  it(
    'reads each entry: a lazy one names the title its module declares, and every entry has stories',
    SLOW_IMPORTS,
    async () => {
      for (const entry of catalogue) {
        const content = await entry.load();
        expect(content.stories.length, entry.id).toBeGreaterThan(0);
      }
      const lazy = catalogue.filter((e) => e.lazy).map((e) => e.id);
      expect(lazy.sort()).toEqual(
        [
          'Planificación/KanbanBoard',
          'Planificación/CalendarView',
          'Primitives/Property',
          'Primitives/RichTextSurface',
          'Primitives/RichTextEditor',
          'Primitives/ImageAnnotator',
          'Primitives/VideoAnnotator',
          'Revisión/ImageCompare',
          'Revisión/FilePreview',
          'Revisión/DiffView',
        ].sort(),
      );
    },
  );
});
