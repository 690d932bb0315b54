import './ensure-ui-built';
import '../main';
