import { resource } from '@/lib/resource';
import type { Vehicle, VehicleInput } from '@/lib/types';

/** VEHICLE_MESSAGES are spec 02 §8's vehicle toasts (no exclamation mark, unlike most). */
export const VEHICLE_MESSAGES = {
  created: 'Delivery vehicle created successfully',
  updated: 'Delivery vehicle updated successfully',
  deleted: 'Delivery vehicle deleted successfully',
  createFailed: 'Failed to create delivery vehicle',
  updateFailed: 'Failed to update delivery vehicle',
  deleteFailed: 'Failed to delete delivery vehicle',
};

/** vehicles: deleting one leaves its communications without a vehicle. */
const vehicles = resource<Vehicle, VehicleInput>({ path: '/api/vehicles', entity: 'vehicles', messages: VEHICLE_MESSAGES });

export const useVehicles = vehicles.useList;
export const useCreateVehicle = vehicles.useCreate;
export const useUpdateVehicle = vehicles.useUpdate;
export const useDeleteVehicle = vehicles.useDelete;
