/**
 * 'Abrir ahora', 'Cerrar ahora' and 'Eliminar' for an admin, each after a confirmation that says what
 * the pharmacists will see. Opening publishes a draft and sets its opening to now; closing sets its
 * close to now (the portal takes no more answers); a survey nobody answered may be deleted.
 */
import type { AdminSurveyStatus } from '@botica/api-client/admin';
import { formatDateTime } from '@botica/domain';
import { Button, ConfirmDialog, showToast } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { windowMutation } from './queries.ts';

export interface WindowActionsProps {
  survey: { id: number; title: string; status: AdminSurveyStatus; closes_at: string };
  /** Whether nobody has answered it (it may be deleted). */
  isUnanswered: boolean;
  /** Called once it is deleted. */
  onDeleted?: () => void;
}

type Action = 'open' | 'close' | 'remove';

export function WindowActions({ survey, isUnanswered, onDeleted }: WindowActionsProps) {
  const [asked, setAsked] = useState<Action | null>(null);
  const change = useMutation(windowMutation(useQueryClient(), survey.id));
  const canOpen = survey.status === 'draft' || survey.status === 'upcoming';
  const canClose = survey.status === 'open';

  async function confirm(action: Action) {
    try {
      await change.mutateAsync(action);
      if (action === 'open')
        showToast({
          title: 'Encuesta abierta',
          description: `Las farmacias ya pueden responder «${survey.title}».`,
          tone: 'success',
        });
      else if (action === 'close')
        showToast({
          title: 'Encuesta cerrada',
          description: `«${survey.title}» ya no admite respuestas.`,
          tone: 'info',
        });
      else {
        showToast({
          title: 'Encuesta eliminada',
          description: `«${survey.title}» se ha eliminado.`,
          tone: 'info',
        });
        onDeleted?.();
      }
    } catch (error) {
      reportCallError(error);
      throw error;
    }
  }

  const dialogs: Record<Action, { title: string; label: string; text: string; isDestructive: boolean }> = {
    open: {
      title: '¿Abrir la encuesta ahora?',
      label: 'Abrir ahora',
      text: `Las farmacias la verán en el portal desde este momento y podrán responderla hasta el ${formatDateTime(survey.closes_at)}.`,
      isDestructive: false,
    },
    close: {
      title: '¿Cerrar la encuesta ahora?',
      label: 'Cerrar ahora',
      text: 'Las farmacias dejarán de verla y no se admitirán más respuestas. Las recibidas se conservan en los resultados. Para volver a abrirla tendrás que cambiar su fecha de cierre.',
      isDestructive: true,
    },
    remove: {
      title: '¿Eliminar la encuesta?',
      label: 'Eliminar la encuesta',
      text: 'Se eliminarán la encuesta y sus preguntas. No se puede deshacer.',
      isDestructive: true,
    },
  };
  const dialog = asked ? dialogs[asked] : null;

  return (
    <div className="bo-survey-actions">
      {canOpen ? (
        <Button variant="secondary" onPress={() => setAsked('open')}>
          Abrir ahora
        </Button>
      ) : null}
      {canClose ? (
        <Button variant="secondary" onPress={() => setAsked('close')}>
          Cerrar ahora
        </Button>
      ) : null}
      {isUnanswered ? (
        <Button variant="ghost" onPress={() => setAsked('remove')}>
          Eliminar
        </Button>
      ) : null}
      {asked && dialog ? (
        <ConfirmDialog
          title={dialog.title}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setAsked(null);
          }}
          confirmLabel={dialog.label}
          isDestructive={dialog.isDestructive}
          onConfirm={() => confirm(asked)}
        >
          {dialog.text}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
