import { QRCodeSVG } from 'qrcode.react';

/**
 * A scannable QR code of an address, drawn in the browser as SVG (nothing leaves the page). Dark on
 * white in both themes: scanners read that best. Loaded lazily by LinkField: few people open it.
 */
export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level="M"
      marginSize={2}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      style={{ display: 'block', borderRadius: 4 }}
    />
  );
}
