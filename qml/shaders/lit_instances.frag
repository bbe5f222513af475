// See lit_instances.vert. The light comes from above-left of the viewer
// (as the DirectionalLight under the camera), with the same soft ambient;
// colours are linear (InstanceTableEntry) and written as sRGB.
VARYING vec3 vViewNormal;
VARYING vec4 vColor;

vec3 toSrgb(vec3 c)
{
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

void MAIN()
{
    const vec3 toLight = vec3(-0.39, 0.5, 0.77);  // unit vector, view space
    const vec3 ambient = vec3(0.38, 0.38, 0.42);
    float diffuse = max(dot(normalize(vViewNormal), toLight), 0.0);
    vec3 shade = mix(vec3(1.0), ambient + vec3(diffuse), lighting);  // lighting 0: flat (LitInstancesMaterial.lit)
    FRAGCOLOR = vec4(toSrgb(vColor.rgb * shade), vColor.a);
}
