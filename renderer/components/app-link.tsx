import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigation } from '../app/navigation-context';

/**
 * A real link (keyboard, middle-click, copy address all work) that moves inside the app
 * through the navigation provider instead of reloading the page.
 */
export function AppLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigation = useNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigation.navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
