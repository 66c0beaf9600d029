// Our own wording for staff management where the spec has none (settings-messaging-shared §2
// "Staff management", §4 "Staff"): the server's refusals, the sign-in refusal of a departed
// employee and the screen's labels. The spec's own messages stay in ./messages (STAFF_MESSAGES).

export const STAFF_RULE_MESSAGES = {
  NOT_FOUND: '员工不存在',
  HANDOVER_NOT_IN_SERVICE: '只有在职员工可以离职交接',
  HANDOVER_ADMIN: '管理员不能离职交接',
  SUCCESSOR_INVALID: '交接人必须是本公司其他在职员工',
  RESTORE_NOT_DEPART: '只有离职员工可以恢复在职',
  DELETE_NOT_DEPART: '只有离职员工可以删除',
  GENDER_INVALID: '请选择性别',
  BIRTHDAY_INVALID: '生日格式不正确',
  EMAIL_INVALID: '邮箱格式不正确, 请重新输入！',
  TOO_LONG: '输入内容过长',
  LOGIN_USER_NOT_FOUND: '登录用户不存在',
  LOGIN_USER_TAKEN: '该登录用户已绑定本公司的其他员工',
  OWN_LOGIN_USER: '不能修改自己的登录用户',
  /** Another administrator's login user: changing it would lock that administrator out. */
  ADMIN_LOGIN_USER: '不能修改其他管理员的登录用户',
  /** The provider's sign-in page, for an account whose every employee record has left. */
  SIGN_IN_DEPARTED: '该账号已离职交接，不能再以公司身份登录，如有疑问请联系公司管理员',
  /** The staff screen while offline: the list is the last synced copy. */
  OFFLINE_READ_ONLY: '当前离线，显示的是最近一次同步的员工数据，联网后才能添加或修改员工',
  NOT_SYNCED: '员工数据尚未同步到本机，请联网后再试',
  LOAD_FAILED: '员工信息加载失败，请稍后重试',
} as const;

/** Labels of the staff screen (the spec names the columns and buttons, not their captions). */
export const STAFF_LABELS = {
  TITLE: '员工管理',
  FILTER: '员工状态',
  AVATAR: '头像',
  NAME: '姓名',
  GENDER: '性别',
  MOBILE: '手机号',
  STATUS: '状态',
  LOGIN_USER: '登录用户',
  LOGIN_USER_MOBILE: '登录用户手机号',
  ACTIONS: '操作',
  POSITION: '职位',
  PHONE: '座机',
  EMAIL: '邮箱',
  BIRTHDAY: '生日',
  COMMENT: '备注',
  ADD: '添加员工',
  EDIT: '编辑',
  SAVE: '保存',
  CANCEL: '取消',
  HANDOVER: '离职交接',
  DELETE: '删除',
  RESTORE: '恢复在职',
  ADMIN_BADGE: '管理员',
  ADD_TITLE: '添加员工',
  EDIT_TITLE: '编辑员工',
  HANDOVER_TITLE: '离职交接',
  SUCCESSOR: '交接人',
  SUCCESSOR_PLACEHOLDER: '请选择交接人',
  NO_SUCCESSOR: '没有其他在职员工可以交接',
  HANDOVER_HINT: '该员工负责的采购单、订单和待办将移交给交接人。',
  LOGIN_USER_SEARCH: '绑定登录用户',
  LOGIN_USER_PLACEHOLDER: '输入手机号或姓名搜索',
  LOGIN_USER_NONE: '未找到本公司的登录用户：新同事请先注册，审核通过加入本公司后即可绑定',
  /** Whose accounts the search finds (security review M9): the company's own only. */
  LOGIN_USER_SCOPE: '只能搜索本公司的账号：曾绑定本公司员工的账号，或经注册审核加入本公司的账号',
  LOGIN_USER_UNBOUND: '未绑定',
  EMPTY: '没有符合条件的员工',
  NOTHING: '-',
  CONFIRM_TITLE: '提示',
} as const;
