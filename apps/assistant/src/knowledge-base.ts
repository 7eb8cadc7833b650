import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';

/** The articles beside src/ and dist/ alike. */
export const KNOWLEDGE_DIR = fileURLToPath(new URL('../knowledge', import.meta.url));

export interface Section {
  id: string;
  article: string;
  heading: string;
  text: string;
}

export interface Answer {
  response: string;
  /** The section the answer came from, or null when nothing matched. */
  source: { article: string; heading: string } | null;
}

/** Below this score a match is noise (a stray common word), not an answer. */
const MIN_SCORE = 2;

export const NO_ANSWER =
  'I could not find that in the alignment troubleshooting articles. Describe the symptom in other ' +
  'words (for example "cameras cannot see the targets" or "readings drift"), or contact support.';

/** Splits an article at its `##` headings; the `#` title names the article. */
export function parseArticle(file: string, markdown: string): Section[] {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? file;
  const parts = markdown.split(/^##\s+/m).slice(1);
  return parts.map((part, index) => {
    const [heading = '', ...body] = part.split('\n');
    return {
      id: `${file}#${index}`,
      article: title,
      heading: heading.trim(),
      text: body.join(' ').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** Full-text retrieval over the articles (MiniSearch: BM25 with prefix and fuzzy matching). */
export class KnowledgeBase {
  private readonly index = new MiniSearch<Section>({
    fields: ['article', 'heading', 'text'],
    storeFields: ['article', 'heading', 'text'],
    searchOptions: { boost: { article: 2, heading: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });

  constructor(readonly sections: readonly Section[]) {
    this.index.addAll([...sections]);
  }

  static async load(dir = KNOWLEDGE_DIR): Promise<KnowledgeBase> {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
    const sections = await Promise.all(
      files.map(async (file) => parseArticle(file, await readFile(path.join(dir, file), 'utf8'))),
    );
    return new KnowledgeBase(sections.flat());
  }

  /**
   * The article that matches best, told through its two best-matching sections that say what to
   * do (a "Symptoms" section only confirms the problem, so it is used only when nothing else matched).
   */
  answer(query: string): Answer {
    const results = this.index.search(query) as unknown as (Section & { score: number })[];
    const best = results[0];
    if (!best || best.score < MIN_SCORE) return { response: NO_ANSWER, source: null };
    const sameArticle = results.filter((r) => r.article === best.article);
    const remedies = sameArticle.filter((r) => r.heading !== 'Symptoms');
    const chosen = (remedies.length > 0 ? remedies : sameArticle).slice(0, 2);
    const body = chosen.map((section) => `${section.heading}: ${section.text}`).join(' ');
    return {
      response: `${best.article}. ${body}`,
      source: { article: best.article, heading: chosen[0]?.heading ?? best.heading },
    };
  }
}
