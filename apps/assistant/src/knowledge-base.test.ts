import { describe, expect, it } from 'vitest';
import { KnowledgeBase, NO_ANSWER, parseArticle } from './knowledge-base.js';

describe('the knowledge base', () => {
  it('splits an article into its sections', () => {
    const sections = parseArticle('a.md', '# Title\n\nintro\n\n## One\nfirst  text\n\n## Two\nsecond');
    expect(sections).toEqual([
      { id: 'a.md#0', article: 'Title', heading: 'One', text: 'first text' },
      { id: 'a.md#1', article: 'Title', heading: 'Two', text: 'second' },
    ]);
  });

  it('answers from the article that matches the question', async () => {
    const kb = await KnowledgeBase.load();
    expect(kb.sections.length).toBeGreaterThan(20);
    const targets = kb.answer('The camera does not see the targets in sunlight');
    expect(targets.source?.article).toBe('Cameras cannot see the targets');
    const printer = kb.answer('report printout is blank');
    expect(printer.source?.article).toBe('Printing the alignment report fails');
    const rolling = kb.answer('rolling compensation out of tolerance');
    expect(rolling.source?.article).toBe('Runout compensation fails or is rejected');
    const calibrate = kb.answer('How do I run a camera calibration?');
    expect(calibrate.source).toEqual({
      article: 'Camera calibration and recalibration',
      heading: 'Running the calibration',
    });
    expect(calibrate.response).toMatch(/^Camera calibration and recalibration\. Running the calibration: Open Setup/);
  });

  it('answers with what to do, not with the symptoms the unit already has', async () => {
    const kb = await KnowledgeBase.load();
    const printer = kb.answer('The printer prints blank pages');
    expect(printer.response).not.toContain('Symptoms:');
    expect(printer.response).toContain('Printer connection:');
  });

  it('says so when nothing matches', async () => {
    const kb = await KnowledgeBase.load();
    expect(kb.answer('zzqx flibbertigibbet')).toEqual({ response: NO_ANSWER, source: null });
  });
});
