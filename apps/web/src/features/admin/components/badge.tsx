// The badge moved to the shared UI kit (the shopper's order pages use it too); admin code keeps its old path.
export { Badge, type Tone } from '@/components/ui/badge.tsx';
