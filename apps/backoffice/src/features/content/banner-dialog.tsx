/**
 * The form of a showcase banner, in a dialog: its title, text, link (a path of the portal), the hue
 * of its artwork (shown as the portal paints it) and whether the home shows it.
 */
import type { AdminBanner } from '@botica/api-client/admin';
import { useForm } from '@botica/app-shell';
import { Button, Dialog, Form, Switch, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { BANNER_FIELDS, bannerProblems } from './banner-form.ts';
import { saveBannerMutation } from './queries.ts';

export function BannerDialog({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const [active, setActive] = useState(banner?.active ?? true);
  const save = useMutation(saveBannerMutation(useQueryClient(), banner?.id ?? null));
  const form = useForm({
    fields: BANNER_FIELDS,
    initial: {
      title: banner?.title ?? '',
      text: banner?.text ?? '',
      href: banner?.href ?? '/catalog',
      hue: String(banner?.hue ?? 200),
    },
    problemsOf: bannerProblems,
    send: async (values) => {
      await save.mutateAsync({
        title: values.title.trim(),
        text: values.text.trim(),
        href: values.href.trim(),
        hue: Number(values.hue.trim()),
        active,
        ...(banner ? { updated_at: banner.updated_at } : {}),
      });
      showToast({
        title: banner ? 'Banner guardado' : 'Banner añadido',
        description: values.title,
        tone: 'success',
      });
      onClose();
    },
    reportError: reportCallError,
  });
  const hue = Number(form.values.hue);
  return (
    <Dialog
      title={banner ? 'Editar banner' : 'Nuevo banner'}
      isOpen
      isDismissable={!form.isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <TextField {...form.fieldProps('title')} label="Título" isRequired autoFocus />
          <TextField {...form.fieldProps('text')} label="Texto" isMultiline rows={2} isRequired />
          <TextField
            {...form.fieldProps('href')}
            label="Enlace"
            description="Una dirección del portal, por ejemplo /catalog o /catalog?q=gripe."
            isRequired
          />
          <div className="bo-content__hue">
            <TextField
              {...form.fieldProps('hue')}
              label="Tono (0–359)"
              inputMode="numeric"
              description="El color del fondo del banner."
              isRequired
            />
            <span
              className="bo-content__swatch"
              aria-hidden="true"
              style={{ '--banner-hue': Number.isInteger(hue) ? hue : 200 } as React.CSSProperties}
            />
          </div>
          <Switch isSelected={active} onChange={setActive} description="Solo los activos salen en el portal.">
            Activo
          </Switch>
          <div className="bo-content__actions">
            <Button type="submit" isPending={form.isPending}>
              {banner ? 'Guardar cambios' : 'Añadir banner'}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              Cancelar
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
