// The transport module as the store tests mock it: every call a store makes goes to the fake service's bridge.
import { bridge } from './fake-service';

export const pickTransport = () => bridge;
