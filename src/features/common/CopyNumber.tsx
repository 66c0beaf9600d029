// The copy button beside a purchase or order number (purchasing-core §8 "Copy"): one click (or
// Enter) puts the number on the clipboard and says 复制成功! or 复制失败，可能浏览器不支持!. Not
// Mantine's CopyButton: it gives no failure signal, so the spec's failure message could never show.
// Inside a list row the click stays with the button (the row would open).
import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { COMMON_LABELS } from '../../domain/messages/common';
import { copyText } from './copyText';

/** How long the icon shows the tick after a copy. */
const COPIED_MS = 1500;

export interface CopyNumberProps extends Pick<ActionIconProps, 'size'> {
  value: string;
  /** Name the number too (a list has one button per row); the detail page's is plain 复制. */
  named?: boolean;
}

export function CopyNumber({ value, named = false, size = 'sm' }: CopyNumberProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async (event: MouseEvent) => {
    event.stopPropagation();
    const outcome = await copyText(navigator.clipboard, value);
    setCopied(outcome.ok);
    notifications.show({ color: outcome.ok ? 'teal' : 'red', message: outcome.message });
  };

  const icon = (
    <ActionIcon
      variant="subtle"
      color={copied ? 'teal' : 'gray'}
      size={size}
      aria-label={named ? `${COMMON_LABELS.COPY} ${value}` : COMMON_LABELS.COPY}
      data-testid="copy-number"
      style={{ verticalAlign: 'middle' }}
      onClick={(event) => void copy(event)}
    >
      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
    </ActionIcon>
  );
  // A list row renders little (the table is virtualized): its name says enough without a tooltip.
  return named ? icon : <Tooltip label={COMMON_LABELS.COPY}>{icon}</Tooltip>;
}
