import { Mark, mergeAttributes } from '@tiptap/core';

/** Link targets the server keeps (lib/sanitize.ts): http(s) and mailto. */
export const isSafeHref = (href: string) => /^(https?:\/\/|mailto:)/i.test(href.trim());

/**
 * Links as the server stores them: `<a href rel="noopener noreferrer">`, only safe targets, never opened by a
 * click while editing. Smaller than Tiptap's link extension (no linkify), which the editor does not need:
 * links are set from the toolbar.
 */
export const SafeLink = Mark.create({
  name: 'link',
  priority: 1000,
  inclusive: false,
  addAttributes() {
    return {
      href: {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const href = el.getAttribute('href');
          return href && isSafeHref(href) ? href : null;
        },
      },
    };
  },
  parseHTML() {
    return [{ tag: 'a[href]' }];
  },
  renderHTML({ HTMLAttributes }) {
    const href =
      typeof HTMLAttributes.href === 'string' && isSafeHref(HTMLAttributes.href) ? HTMLAttributes.href : null;
    return ['a', mergeAttributes(href ? { href } : {}, { rel: 'noopener noreferrer' }), 0];
  },
});
