// The Element Plus components the app uses, with their static CSS (no style is injected at run time: strict CSP).
import 'element-plus/theme-chalk/base.css';
import 'element-plus/theme-chalk/dark/css-vars.css';
import 'element-plus/es/components/tree-select/style/css';
import 'element-plus/es/components/select/style/css';
import 'element-plus/es/components/option/style/css';
import 'element-plus/es/components/date-picker/style/css';
import 'element-plus/es/components/switch/style/css';
import 'element-plus/es/components/table-v2/style/css';
import 'element-plus/es/components/button/style/css';
import 'element-plus/es/components/radio-group/style/css';
import 'element-plus/es/components/radio-button/style/css';
import 'element-plus/es/components/tooltip/style/css';

export {
  ElButton,
  ElDatePicker,
  ElOption,
  ElRadioButton,
  ElRadioGroup,
  ElSelect,
  ElSwitch,
  ElAutoResizer,
  ElTableV2,
  ElTreeSelect,
  TableV2SortOrder,
} from 'element-plus';
