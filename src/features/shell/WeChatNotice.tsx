// Inside WeChat's in-app browser files cannot be downloaded, the service worker does not keep the
// app offline and it cannot be installed: the user is told, on every page, to open the system
// browser (issue 22 item 3). Everywhere else it shows nothing.
import { Alert } from '@mantine/core';
import { IconBrandWechat } from '@tabler/icons-react';
import { PWA_MESSAGES as M } from '../../domain/messages/pwa';
import { isWeChatBrowser } from '../../platform/share/shareFile';

export function WeChatNotice() {
  if (typeof navigator === 'undefined' || !isWeChatBrowser(navigator.userAgent)) return null;
  return (
    <Alert
      color="orange"
      title={M.WECHAT_TITLE}
      icon={<IconBrandWechat size={18} />}
      mb="sm"
      data-testid="wechat-notice"
    >
      {M.WECHAT_DETAIL}
    </Alert>
  );
}
