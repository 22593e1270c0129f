import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One part of the settings page: its icon and title, what it is for, and its content. */
export function SettingsCard({
  icon: Icon,
  title,
  titleId,
  titleRef,
  description,
  contentClassName,
  children,
}: {
  icon: LucideIcon;
  title: string;
  titleId?: string;
  /** For a title that takes the focus after a change (it can, by script only). */
  titleRef?: Ref<HTMLHeadingElement>;
  description: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} ref={titleRef} tabIndex={-1} className="flex items-center gap-2 focus-visible:outline-none">
          <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
