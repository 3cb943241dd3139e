/**
 * The one tone vocabulary: what a status, a column or an event means at a glance. The badge, the calendar's
 * events and the board's columns take it, so a feature keeps one map from its states to tones.
 */
export type Tone = 'default' | 'info' | 'success' | 'warning' | 'error' | 'muted';
