import * as a11yAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import * as projectAnnotations from './preview.tsx';

// Stories run as tests with the same annotations Storybook uses (axe included).
setProjectAnnotations([a11yAnnotations, projectAnnotations]);

// `findBy…` and `waitFor` wait up to 5 s, not Testing Library's 1 s. A part loaded lazily (the system
// notifications' dialog, say) is transformed by Vite's dev server on its first import in the run, and on a loaded
// CI machine that took longer than 1 s: the dialog was not found, though it opened. What must happen within a
// given time states its own `timeout`.
configure({ asyncUtilTimeout: 5000 });
