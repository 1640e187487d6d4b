export { Toaster } from './toaster-lazy';
export {
  toast,
  useToast,
  dismissToast,
  resetToasts,
  TOAST_LIMIT,
  type ToastInput,
  type ToastVariant,
} from './use-toast';
