import { ApiError } from '@crw/api-client';
import { Button, Card, Field, Input } from '@crw/ui';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AvailabilityStatus } from '../../features/portfolio-settings/components/availability-status.tsx';
import { PortfolioListsFields } from '../../features/portfolio-settings/components/portfolio-lists-fields.tsx';
import { isSlug, SLUG_MAX, slugify } from '../../features/portfolio-settings/identifiers.ts';
import { portfolioSettingsMsg as t } from '../../features/portfolio-settings/messages.ts';
import { createPortfolio } from '../../features/portfolio-settings/store.ts';
import { useIdentifierAvailability } from '../../features/portfolio-settings/use-identifier-availability.ts';
import { toast } from '../../features/system/store.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

interface CreateForm {
  businessName: string;
  identifier: string;
  pilaresContenido: string[];
  angulosVenta: string[];
  formatosCreativos: string[];
}

/**
 * /portfolios/create (the sidebar's "Crear Nuevo"): name, an identifier suggested from it and checked
 * while typing, and the three lists. Creating makes the portfolio active and opens its dashboard.
 */
export default function CreatePortfolioScreen() {
  const navigate = useNavigate();
  const statusId = useId();
  const { register, control, handleSubmit, setValue, getFieldState, setError, watch, formState } =
    useForm<CreateForm>({
      mode: 'onTouched',
      defaultValues: {
        businessName: '',
        identifier: '',
        pilaresContenido: [],
        angulosVenta: [],
        formatosCreativos: [],
      },
    });
  const identifier = watch('identifier');
  const availability = useIdentifierAvailability(identifier);
  const { errors, isSubmitting } = formState;

  // Validation reads the latest answer: a taken identifier is refused on submit, and the error goes as
  // soon as the identifier changes.
  const takenNow = useRef<string | null>(null);
  takenNow.current = availability.status === 'taken' ? identifier : null;

  const submit = handleSubmit(async ({ identifier: id, ...input }) => {
    try {
      const created = await createPortfolio(id, input);
      toast.success(t.create.created(created.accountData.businessName));
      navigate(`/portfolios/${created._id}/dashboard`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'IDENTIFIER_TAKEN') {
        availability.markTaken(id);
        setError('identifier', { message: t.fields.identifierTaken });
      }
      toast.error(error instanceof Error ? error.message : msg.portfolios.create);
    }
  });

  const businessName = register('businessName', {
    validate: (v) => v.trim().length > 0 || t.fields.businessNameRequired,
    // The identifier follows the name until the person edits it themself.
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (!getFieldState('identifier').isDirty) {
        setValue('identifier', slugify(e.target.value), {
          shouldValidate: getFieldState('identifier').isTouched,
        });
      }
    },
  });
  const identifierField = register('identifier', {
    validate: {
      slug: (v) => isSlug(v) || t.fields.identifierFormat,
      free: (v) => v !== takenNow.current || t.fields.identifierTaken,
    },
  });

  return (
    <Screen title={msg.screens.createPortfolio}>
      <form noValidate onSubmit={submit} className="max-w-2xl space-y-6" aria-busy={isSubmitting}>
        <p className="text-muted-foreground">{t.create.intro}</p>
        <Card className="space-y-5 p-5">
          <Field label={t.fields.businessName} error={errors.businessName?.message}>
            {(p) => <Input {...p} {...businessName} autoComplete="organization" maxLength={150} />}
          </Field>
          <div className="space-y-2">
            <Field
              label={t.fields.identifier}
              hint={t.fields.identifierHint}
              error={errors.identifier?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  {...identifierField}
                  onChange={(e) => {
                    // Capitals and spaces become what a slug allows as they are typed.
                    const slugish = e.target.value.toLowerCase().replace(/\s+/g, '-');
                    if (slugish !== e.target.value) e.target.value = slugish;
                    return identifierField.onChange(e);
                  }}
                  aria-describedby={[p['aria-describedby'], statusId].filter(Boolean).join(' ')}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={SLUG_MAX}
                  className="font-mono"
                />
              )}
            </Field>
            <AvailabilityStatus id={statusId} status={availability.status} onRetry={availability.retry} />
          </div>
        </Card>
        <Card className="p-5">
          <PortfolioListsFields control={control} disabled={isSubmitting} />
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link to="/">{t.create.cancel}</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t.create.submitting : t.create.submit}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
