import { randomUUID } from 'node:crypto';
import { HttpPeer, json, type Received, type Reply } from './http-peer.ts';

interface Block {
  object?: string;
  type?: string;
  [key: string]: unknown;
}

const error = (status: number, code: string, message: string): Reply =>
  json(status, { object: 'error', status, code, message, request_id: randomUUID() });

/**
 * A local stand-in for Notion's API, the subset the sync uses: `PATCH /v1/blocks/{id}/children` with a
 * Bearer token and the `Notion-Version` header, Notion's limits (100 blocks per append, 100 text objects per
 * block, 2,000 characters per text and link) and its `{ object: 'error', status, code, message }` answers.
 * Pages exist when the test creates them (shared with the integration); appended blocks are kept per page.
 */
export class NotionPeer extends HttpPeer {
  readonly pages = new Map<string, Block[]>();
  /** How Notion answers (the default reply; a test may put it back after replacing the fallback). */
  readonly notion: Reply = (req, res) => this.answer(req)(req, res);
  constructor(readonly token: string) {
    super();
    this.fallback = this.notion;
  }
  page(id: string) {
    const key = id.replace(/-/g, '').toLowerCase();
    if (!this.pages.has(key)) this.pages.set(key, []);
    return this.pages.get(key)!;
  }
  private answer(req: Received): Reply {
    const m = /^\/v1\/blocks\/([^/]+)\/children$/.exec(req.path);
    if (!m || req.method !== 'PATCH') return error(400, 'invalid_request_url', 'Invalid request URL.');
    if (!req.headers['notion-version'])
      return error(
        400,
        'missing_version',
        'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
      );
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return error(401, 'unauthorized', 'API token is invalid.');
    const id = decodeURIComponent(m[1]!).replace(/-/g, '').toLowerCase();
    const page = this.pages.get(id);
    if (!page)
      return error(
        404,
        'object_not_found',
        `Could not find block with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    let body: { children?: Block[] };
    try {
      body = JSON.parse(req.body);
    } catch {
      return error(400, 'invalid_json', 'Error parsing JSON body.');
    }
    const children = body.children;
    if (!Array.isArray(children))
      return error(
        400,
        'validation_error',
        'body failed validation: body.children should be defined, instead was `undefined`.',
      );
    if (children.length > 100)
      return error(
        400,
        'validation_error',
        `body failed validation: body.children.length should be ≤ \`100\`, instead was \`${children.length}\`.`,
      );
    for (const [i, b] of children.entries()) {
      if (b.object !== 'block' || typeof b.type !== 'string' || !(b.type in b))
        return error(
          400,
          'validation_error',
          `body failed validation: body.children[${i}] is not a valid block.`,
        );
      const rich = (
        b[b.type] as { rich_text?: Array<{ text?: { content?: string; link?: { url?: string } | null } }> }
      )?.rich_text;
      if (rich && rich.length > 100)
        return error(
          400,
          'validation_error',
          `body.children[${i}].${b.type}.rich_text.length should be ≤ \`100\`.`,
        );
      for (const t of rich ?? []) {
        if ((t.text?.content ?? '').length > 2000)
          return error(
            400,
            'validation_error',
            `body.children[${i}].${b.type}.rich_text[].text.content.length should be ≤ \`2000\`.`,
          );
        const url = t.text?.link?.url;
        if (url !== undefined && (!/^https?:\/\//.test(url) || url.length > 2000))
          return error(
            400,
            'validation_error',
            `body.children[${i}].${b.type}.rich_text[].text.link.url should be a valid URL.`,
          );
      }
    }
    const results = children.map((b) => ({ ...b, id: randomUUID(), has_children: false }));
    page.push(...results);
    return json(200, {
      object: 'list',
      results,
      next_cursor: null,
      has_more: false,
      type: 'block',
      block: {},
    });
  }
}

/** The plain text of a block, as Notion shows it. */
export const blockText = (b: Block) =>
  ((b[b.type!] as { rich_text?: Array<{ text: { content: string } }> })?.rich_text ?? [])
    .map((t) => t.text.content)
    .join('');
