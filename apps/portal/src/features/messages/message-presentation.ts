/** How a message's severity looks: the badge's tone (its text, the kind, says what it is). */
import type { LabMessageSeverity } from '@botica/domain';
import type { BadgeTone } from '@botica/ui';

export function severityTone(severity: LabMessageSeverity): BadgeTone {
  if (severity === 'critical') return 'danger';
  if (severity === 'warning') return 'warning';
  return 'info';
}
