// Wording of the shared widgets in enums/ (settings-messaging-shared §5 "Shared widgets").

export const ENUM_WIDGET_MESSAGES = {
  TAG_EMPTY: '不能为空！',
  TAG_DUPLICATE: '已存在相同标签！',
} as const;

export type EnumWidgetMessageKey = keyof typeof ENUM_WIDGET_MESSAGES;
