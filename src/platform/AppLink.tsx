// An in-app link given as a plain address (`/order/order/list?orderType=ALL&filters=…`), the
// form the spec's lists use: a real <a> (open in a new tab works) that navigates in place.
import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

function useOpen(href: string): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href });
  };
}

export function AppAnchor({
  href,
  children,
  ...props
}: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor component="a" href={href} onClick={useOpen(href)} {...props}>
      {children}
    </Anchor>
  );
}

export function AppButton({
  href,
  children,
  ...props
}: ButtonProps & { href: string; children: ReactNode }) {
  return (
    <Button component="a" href={href} onClick={useOpen(href)} {...props}>
      {children}
    </Button>
  );
}
