// A small coloured label in list rows (a state, a brand grade), drawn as Mantine's light or outline
// Badge is, from the theme's colour variables, with one plain element: a table shows one or two
// per row, and the Badge component costs several times as much to render on every route change.
import type { CSSProperties, ReactNode } from 'react';
import classes from './lists.module.css';

export interface TagProps {
  /** A Mantine palette colour (blue, teal, gray …). */
  color: string;
  variant?: 'light' | 'outline';
  size?: 'xs' | 'md';
  children: ReactNode;
  'data-testid'?: string;
}

export function Tag({ color, variant = 'light', size = 'md', children, ...rest }: TagProps) {
  const style: CSSProperties =
    variant === 'light'
      ? ({
          '--tag-bg': `var(--mantine-color-${color}-light)`,
          '--tag-color': `var(--mantine-color-${color}-light-color)`,
        } as CSSProperties)
      : ({
          '--tag-color': `var(--mantine-color-${color}-outline)`,
          '--tag-border': `var(--mantine-color-${color}-outline)`,
        } as CSSProperties);
  return (
    <span className={classes.tag} data-size={size} style={style} {...rest}>
      {children}
    </span>
  );
}
