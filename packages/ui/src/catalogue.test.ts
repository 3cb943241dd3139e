import { describe, expect, it } from 'vitest';
import { catalogue, catalogueGroups, type StoryModule } from './catalogue.ts';

const files = import.meta.glob<StoryModule>('./**/*.stories.tsx');

describe('the catalogue (/design)', () => {
  it('lists every component with stories, once, under a known group', async () => {
    const titles = await Promise.all(
      Object.values(files).map(async (load) => ((await load()).default as { title: string }).title),
    );
    expect(catalogue.map((e) => e.id).sort()).toEqual(titles.sort());
    for (const entry of catalogue) expect(Object.keys(catalogueGroups)).toContain(entry.group);
  });

  it('reads each entry: a lazy one names the title its module declares, and every entry has stories', async () => {
    for (const entry of catalogue) {
      const content = await entry.load();
      expect(content.stories.length, entry.id).toBeGreaterThan(0);
    }
    const lazy = catalogue.filter((e) => e.lazy).map((e) => e.id);
    expect(lazy).toEqual([
      'Primitives/RichTextEditor',
      'Primitives/ImageAnnotator',
      'Primitives/VideoAnnotator',
      'Revisión/ImageCompare',
      'Revisión/FilePreview',
      'Revisión/DiffView',
    ]);
  });
});
