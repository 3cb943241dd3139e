import { storyBaselines } from './stories-visual.tsx';

/** The baselines of the story files from «a» to «i» (stories-visual.tsx; «j» to «z»: stories-j-z.visual.test.tsx). */
storyBaselines((name) => name < 'j');
