// See lit_instances.vert. The light comes from above-left of the viewer
// (as the DirectionalLight under the camera), with the same soft ambient.
// vColor is sRGB already: a linear shade s scales it by s^(1/2.2) (exact for
// a power-law curve, close for sRGB's), one power per pixel instead of three.
VARYING vec3 vViewNormal;
VARYING vec4 vColor;

void MAIN()
{
    const vec3 toLight = vec3(-0.39, 0.5, 0.77);  // unit vector, view space
    const float ambient = 0.39;
    float diffuse = max(dot(normalize(vViewNormal), toLight), 0.0);
    float shade = mix(1.0, ambient + diffuse, lighting);  // lighting 0: flat (LitInstancesMaterial.lit)
    FRAGCOLOR = vec4(min(vColor.rgb * pow(shade, 1.0 / 2.2), vec3(1.0)), vColor.a);
}
