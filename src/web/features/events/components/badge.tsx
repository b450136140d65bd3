// Moved to components/ui so other features (tickets) can use it too.
export { Badge, type BadgeTone } from '@web/components/ui/badge';
