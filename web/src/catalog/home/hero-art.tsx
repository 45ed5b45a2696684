import Box from '@mui/material/Box';

/** Decorative hero illustration: a gold kettlebell and dumbbell on a black stage (inline SVG). */
export function HeroArt() {
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 520,
        mx: 'auto',
        aspectRatio: '1 / 1',
        borderRadius: '28px',
        overflow: 'hidden',
        border: '1px solid rgba(212,175,55,0.35)',
        boxShadow: '0 30px 80px rgba(0,0,0,0.45), 0 0 0 8px rgba(212,175,55,0.05)',
        bgcolor: '#0a0a0a',
      }}
    >
      <svg viewBox="0 0 500 500" width="100%" height="100%" role="img" aria-label="Kettlebell e manubrio dorati">
        <defs>
          <radialGradient id="hero-glow" cx="50%" cy="48%" r="60%">
            <stop offset="0" stopColor="#3a2f10" />
            <stop offset=".55" stopColor="#141109" />
            <stop offset="1" stopColor="#0a0a0a" />
          </radialGradient>
          <linearGradient id="hero-gold" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#FBEFC0" />
            <stop offset=".35" stopColor="#E8C95F" />
            <stop offset=".65" stopColor="#C9A030" />
            <stop offset="1" stopColor="#7E6417" />
          </linearGradient>
          <radialGradient id="hero-bell" cx="36%" cy="32%" r="75%">
            <stop offset="0" stopColor="#FFF4CC" />
            <stop offset=".25" stopColor="#E8C95F" />
            <stop offset=".7" stopColor="#A8861F" />
            <stop offset="1" stopColor="#4a3a0c" />
          </radialGradient>
          <linearGradient id="hero-steel" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#3b3b3b" />
            <stop offset=".5" stopColor="#1a1a1a" />
            <stop offset="1" stopColor="#050505" />
          </linearGradient>
        </defs>
        <rect width="500" height="500" fill="url(#hero-glow)" />
        <g fill="none" stroke="#D4AF37" strokeOpacity=".16">
          <circle cx="250" cy="250" r="210" />
          <circle cx="250" cy="250" r="170" strokeDasharray="2 8" strokeOpacity=".35" />
          <circle cx="250" cy="250" r="235" strokeOpacity=".08" />
        </g>
        {/* dumbbell, behind */}
        <g transform="rotate(-24 250 250)" opacity=".95">
          <rect x="120" y="346" width="260" height="14" rx="7" fill="url(#hero-gold)" />
          <rect
            x="92"
            y="312"
            width="30"
            height="82"
            rx="8"
            fill="url(#hero-steel)"
            stroke="#D4AF37"
            strokeOpacity=".6"
          />
          <rect
            x="70"
            y="322"
            width="24"
            height="62"
            rx="7"
            fill="url(#hero-steel)"
            stroke="#D4AF37"
            strokeOpacity=".5"
          />
          <rect
            x="378"
            y="312"
            width="30"
            height="82"
            rx="8"
            fill="url(#hero-steel)"
            stroke="#D4AF37"
            strokeOpacity=".6"
          />
          <rect
            x="406"
            y="322"
            width="24"
            height="62"
            rx="7"
            fill="url(#hero-steel)"
            stroke="#D4AF37"
            strokeOpacity=".5"
          />
        </g>
        {/* kettlebell */}
        <path
          d="M180 222 C172 128 328 128 320 222"
          fill="none"
          stroke="url(#hero-gold)"
          strokeWidth="30"
          strokeLinecap="round"
        />
        <path
          d="M186 214 C182 148 318 148 314 214"
          fill="none"
          stroke="#FFF4CC"
          strokeOpacity=".35"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <ellipse cx="250" cy="402" rx="118" ry="14" fill="#000" opacity=".55" />
        <circle cx="250" cy="290" r="112" fill="url(#hero-bell)" />
        <rect x="196" y="384" width="108" height="18" rx="6" fill="#7E6417" />
        <path
          d="M250 232 L280 312 H267 L260 294 H240 L233 312 H220 Z M245 281 H255 L250 266 Z"
          fill="#0a0a0a"
          fillOpacity=".82"
        />
        <ellipse cx="212" cy="246" rx="30" ry="18" fill="#FFFBEA" opacity=".35" transform="rotate(-30 212 246)" />
        {/* sparkles */}
        <g fill="#F3DE93">
          <path d="M408 110 l5 14 14 5 -14 5 -5 14 -5 -14 -14 -5 14 -5z" />
          <path d="M96 150 l3 9 9 3 -9 3 -3 9 -3 -9 -9 -3 9 -3z" opacity=".8" />
          <path d="M420 392 l3 8 8 3 -8 3 -3 8 -3 -8 -8 -3 8 -3z" opacity=".7" />
        </g>
      </svg>
    </Box>
  );
}
