/**
 * Pharmacies on a map (leaflet), one marker each, around a centre (the zip code's coordinates).
 * Markers are drawn as vectors, so the map still shows them when the map tiles cannot load
 * (offline, blocked): the caller always renders a PharmacyList beside it as well, which is the
 * keyboard and screen-reader way to choose.
 *
 * Props: `center` ({latitude, longitude}), `pharmacies` (with latitude and longitude),
 * `selectedId`, `highlightedId`, `onMarkerClick(pharmacy)`, `tileUrl` (defaults to
 * OpenStreetMap's), `height`. Presentational: no fetching, no router.
 */
import './pharmacy.css';
import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { PharmacyListItem } from '../../../shared/contracts/pharmacy';

export interface MappedPharmacy extends PharmacyListItem {
  latitude: number;
  longitude: number;
}

export interface PharmacyMapProps {
  center: { latitude: number; longitude: number };
  pharmacies: readonly MappedPharmacy[];
  selectedId?: number | null | undefined;
  highlightedId?: number | null | undefined;
  onMarkerClick: (pharmacy: MappedPharmacy) => void;
  tileUrl?: string | undefined;
  height?: number | undefined;
  primaryColor?: string | undefined;
}

const osmTiles = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Keeps the centre and every marker in view: on first paint, when the pharmacies change, and
 * whenever the map's box changes size (a rotated phone, a resized window).
 */
function FitToMarkers({ points }: { points: [number, number][] }) {
  const map = useMap();
  useEffect(() => {
    const keepInView = () => {
      map.invalidateSize({ pan: false });
      map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: 13, animate: false });
    };
    keepInView();
    const observer = new ResizeObserver(() => keepInView());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, points]);
  return null;
}

export function PharmacyMap(props: PharmacyMapProps) {
  const color = props.primaryColor ?? '#1f5132';
  const points = useMemo<[number, number][]>(
    () => [
      [props.center.latitude, props.center.longitude],
      ...props.pharmacies.map((p): [number, number] => [p.latitude, p.longitude]),
    ],
    [props.center.latitude, props.center.longitude, props.pharmacies],
  );
  return (
    <section className="pharmacy-map" aria-label="Map of nearby pharmacies">
      <MapContainer
        center={[props.center.latitude, props.center.longitude]}
        zoom={11}
        scrollWheelZoom={false}
        style={{ height: props.height ?? 360, width: '100%' }}
      >
        <FitToMarkers points={points} />
        <TileLayer
          url={props.tileUrl ?? osmTiles}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        />
        {props.pharmacies.map((pharmacy) => {
          const active = pharmacy.id === props.selectedId || pharmacy.id === props.highlightedId;
          return (
            <CircleMarker
              key={pharmacy.id}
              center={[pharmacy.latitude, pharmacy.longitude]}
              radius={active ? 11 : 8}
              pathOptions={{
                color,
                weight: 2,
                fillColor: active ? color : '#ffffff',
                fillOpacity: 0.9,
              }}
              eventHandlers={{ click: () => props.onMarkerClick(pharmacy) }}
            >
              <Tooltip>{pharmacy.pharmacyName}</Tooltip>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </section>
  );
}
