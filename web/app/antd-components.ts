/**
 * The antd components the patient app uses. Their styles are made at build time into one
 * stylesheet (deploy/antd-stylesheet.ts), loaded with antd's chunk, and antd makes none at run
 * time (zero-runtime mode): the checkout's first render no longer generates CSS. A component
 * missing here would show unstyled; a unit test checks that every antd component the app
 * imports is listed.
 */
export const antdComponentsInUse = [
  'Alert',
  'App',
  'AutoComplete',
  'Avatar',
  'Button',
  'Card',
  'Checkbox',
  'Collapse',
  'DatePicker',
  'Descriptions',
  'Drawer',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'InputNumber',
  'Modal',
  'Popconfirm',
  'Popover',
  'Radio',
  'Rate',
  'Result',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Steps',
  'Table',
  'Tag',
  'Timeline',
  'Typography',
  'Upload',
] as const;
