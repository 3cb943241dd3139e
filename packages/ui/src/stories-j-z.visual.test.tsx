import { storyBaselines } from './stories-visual.tsx';

/** The baselines of the story files from «j» to «z» (stories-visual.tsx; «a» to «i»: stories.visual.test.tsx). */
storyBaselines((name) => name >= 'j');
