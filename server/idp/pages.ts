// The provider's own pages (sign-in, sign-out, errors): plain HTML with inline styles, no external
// fonts or URLs and no inline script, readable on a 360 px phone. Every user-visible string is
// here, in Chinese.

export const IDP_MESSAGES = {
  APP_NAME: '工业品采购',
  LOGIN_TITLE: '登录',
  USERNAME: '账号',
  PASSWORD: '密码',
  SUBMIT: '登录',
  INVALID_CREDENTIALS: '账号或密码错误',
  MISSING_CREDENTIALS: '请输入账号和密码',
  ACCOUNT_DISABLED: '该账号已停用，请联系公司管理员',
  locked: (minutes: number) => `登录失败次数过多，请 ${minutes} 分钟后再试`,
  BUSY: '登录请求过于频繁，请稍后再试',
  INTERACTION_EXPIRED: '登录页面已过期，请返回应用重新登录',
  LOGOUT_TITLE: '退出登录',
  LOGOUT_QUESTION: '确定要退出登录吗？',
  LOGOUT_CONFIRM: '退出登录',
  LOGGED_OUT: '已退出登录',
  LOGGED_OUT_HINT: '您已安全退出，可以关闭此页面或返回应用重新登录。',
  BACK_TO_APP: '返回应用',
  ERROR_TITLE: '登录出错了',
  ERROR_HINT: '请返回应用重新登录。如果问题持续出现，请联系管理员并提供下面的错误代码。',
} as const;

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;
background:#f1f3f5;color:#212529;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC",
"Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC",sans-serif}
main{width:100%;max-width:400px;margin:12vh 16px 24px;padding:24px 20px;background:#fff;
border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.app{margin:0 0 4px;color:#1c7ed6;font-size:14px;font-weight:600}
h1{margin:0 0 20px;font-size:22px;font-weight:600}
label{display:block;margin:0 0 4px;font-size:14px;font-weight:500}
input{display:block;width:100%;height:44px;margin:0 0 16px;padding:0 12px;font:inherit;
border:1px solid #ced4da;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:2px solid #74c0fc;outline-offset:0;border-color:#1c7ed6}
button{display:block;width:100%;height:44px;margin:8px 0 0;font:inherit;font-weight:600;color:#fff;
background:#1c7ed6;border:0;border-radius:6px;cursor:pointer}
.error{margin:0 0 16px;padding:10px 12px;color:#c92a2a;background:#fff5f5;border-radius:6px;font-size:14px}
.hint{color:#495057;font-size:14px}
.code{color:#868e96;font-size:12px;word-break:break-all}
a{color:#1c7ed6}
`;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#1c7ed6">
<title>${escapeHtml(title)} · ${IDP_MESSAGES.APP_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="app">${IDP_MESSAGES.APP_NAME}</p>
${body}
</main>
</body>
</html>`;
}

export function loginPage(options: { action: string; username: string; error?: string }): string {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const focusPassword = options.username !== '';
  return layout(
    IDP_MESSAGES.LOGIN_TITLE,
    `<h1>${IDP_MESSAGES.LOGIN_TITLE}</h1>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="username">${IDP_MESSAGES.USERNAME}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none"
 spellcheck="false" maxlength="100" required value="${escapeHtml(options.username)}"${focusPassword ? '' : ' autofocus'}>
<label for="password">${IDP_MESSAGES.PASSWORD}</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="200"
 required${focusPassword ? ' autofocus' : ''}>
<button type="submit">${IDP_MESSAGES.SUBMIT}</button>
</form>`,
  );
}

/** A page with one message and a way back to the app. */
export function messagePage(options: {
  title: string;
  message: string;
  backUrl: string;
  code?: string;
}): string {
  const code = options.code ? `<p class="code">${escapeHtml(options.code)}</p>` : '';
  return layout(
    options.title,
    `<h1>${escapeHtml(options.title)}</h1>
<p class="hint">${escapeHtml(options.message)}</p>
${code}
<p><a href="${escapeHtml(options.backUrl)}">${IDP_MESSAGES.BACK_TO_APP}</a></p>`,
  );
}

/** The sign-out page's auto-submit, served as a file so the page needs no inline script. */
export const LOGOUT_SCRIPT_PATH = '/oidc-logout.js';
export const LOGOUT_SCRIPT = "document.getElementById('logout-yes').click();\n";

/**
 * The provider's sign-out confirmation. `form` is the provider's hidden form (its action and xsrf
 * token); the button submits it. (There is no "stay signed in" button: the provider ends the app's
 * grant either way, and the app only sends users here to sign out.) With `autoSubmit` (the app sent a valid id_token_hint, so the
 * user already chose to sign out there) it submits itself and the user sees no second question.
 */
export function logoutPage(form: string, autoSubmit: boolean): string {
  const script = autoSubmit ? `<script src="${LOGOUT_SCRIPT_PATH}"></script>` : '';
  return layout(
    IDP_MESSAGES.LOGOUT_TITLE,
    `<h1>${IDP_MESSAGES.LOGOUT_TITLE}</h1>
<p class="hint">${IDP_MESSAGES.LOGOUT_QUESTION}</p>
${form}
<button id="logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${IDP_MESSAGES.LOGOUT_CONFIRM}</button>
${script}`,
  );
}
