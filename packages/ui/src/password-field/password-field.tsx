import { CheckIcon, CopyIcon, EyeIcon, EyeOffIcon, WandSparklesIcon } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { Button } from '../button/button.tsx';
import { inputClass } from '../input/input.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.passwordField;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from an unambiguous alphabet (no 0/O, 1/l/I), drawn with the Web Crypto API. */
export function generatePassword(length = 16): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (n) => ALPHABET[n % ALPHABET.length]).join('');
}

export type PasswordFieldProps = Omit<React.ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Shows a "generate" button; a generated password is revealed with a hint to copy it now. */
  generate?: boolean;
  /** Length of a generated password. */
  generatedLength?: number;
  /** Told of each generated password (e.g. to show it once more after saving). */
  onGenerate?: (password: string) => void;
};

/**
 * A password input with a reveal toggle and, optionally, a "generate" button that fills in a strong random
 * password and reveals it (with a copy button and the hint that it will not be shown again). Controlled:
 * `value` + `onValueChange`; pass `id` and aria attributes from a Field for the label.
 */
export function PasswordField({
  value,
  onValueChange,
  generate = false,
  generatedLength = 16,
  onGenerate,
  className,
  disabled,
  ...props
}: PasswordFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const showGeneratedHint = generated !== null && generated === value;

  return (
    <div data-slot="password-field" className={cn('space-y-2', className)}>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            type={revealed ? 'text' : 'password'}
            autoComplete="new-password"
            spellCheck={false}
            className={cn(inputClass, 'pr-10 font-mono')}
            value={value}
            disabled={disabled}
            onChange={(e) => {
              onValueChange(e.target.value);
              setCopied(false);
            }}
            {...props}
          />
          <button
            type="button"
            disabled={disabled}
            aria-label={revealed ? t.hide : t.show}
            aria-pressed={revealed}
            title={revealed ? t.hide : t.show}
            onClick={() => setRevealed((r) => !r)}
            className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none"
          >
            {revealed ? (
              <EyeOffIcon className="size-4" aria-hidden="true" />
            ) : (
              <EyeIcon className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
        {generate ? (
          <Button
            type="button"
            variant="outline"
            disabled={disabled}
            onClick={() => {
              const next = generatePassword(generatedLength);
              setGenerated(next);
              setRevealed(true);
              setCopied(false);
              onValueChange(next);
              onGenerate?.(next);
            }}
          >
            <WandSparklesIcon aria-hidden="true" />
            {t.generate}
          </Button>
        ) : null}
      </div>
      {showGeneratedHint ? (
        <div
          role="status"
          data-slot="password-field-generated"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted/50 px-3 py-2 text-xs"
        >
          <span>{t.generatedHint}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              void navigator.clipboard?.writeText(value).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t.copied : t.copy}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
